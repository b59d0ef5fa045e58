import { NotFoundMessage } from '@/components/shell/not-found-message';

export default function NotFound() {
  return <NotFoundMessage landmark />;
}
