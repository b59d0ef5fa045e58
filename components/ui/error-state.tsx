import { Notice } from './notice';

export function ErrorState({ title = 'This could not be loaded', message }: { title?: string; message: string }) {
  return (
    <Notice role="status" tone="danger" title={title} data-testid="error-state">
      {message}
    </Notice>
  );
}
