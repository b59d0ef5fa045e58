import { NotFoundMessage } from '@/components/shell/not-found-message';

/** Inside the console the shell's main landmark holds it: one main per page. */
export default function ConsoleNotFound() {
  return <NotFoundMessage landmark={false} />;
}
