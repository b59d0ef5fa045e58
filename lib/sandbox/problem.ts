import type { z } from 'zod';

export interface FieldProblem {
  field: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An API error answered as application/problem+json (the sandbox's definition of the unshown error body). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  get title(): string {
    return TITLES[this.status] ?? 'Error';
  }
}

export const badRequest = (detail: string, errors?: FieldProblem[]) => new ApiProblem(400, detail, errors);
export const forbidden = (detail: string) => new ApiProblem(403, detail);
export const notFound = (detail: string) => new ApiProblem(404, detail);
export const unprocessable = (detail: string, errors?: FieldProblem[]) => new ApiProblem(422, detail, errors);

/** Field errors of a failed zod parse, each naming its field path. */
export function zodFieldProblems(error: z.ZodError, prefix = ''): FieldProblem[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
      prefix,
    );
    return { field: path || '(body)', message: issue.message };
  });
}

/**
 * 400 when a value is malformed (a bad uuid, date or type), 422 when well-formed input breaks a
 * rule (spec, "Errors"). Unknown fields count as malformed.
 */
export function problemFromZod(error: z.ZodError, what: string, prefix = ''): ApiProblem {
  const errors = zodFieldProblems(error, prefix);
  const malformed = error.issues.some(
    (i) =>
      i.code === 'invalid_type' ||
      i.code === 'invalid_format' ||
      i.code === 'unrecognized_keys' ||
      i.code === 'invalid_union',
  );
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return new ApiProblem(malformed ? 400 : 422, `${what}: ${summary}`, errors);
}
