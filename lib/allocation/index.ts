export * from './grid';
export * from './edit';
export * from './plan';
export * from './packed';
export * from './labels';
export * from './bar';
export * from './seats-in-use';
