import { Badge } from '@/components/ui/badge';
import type { Tone } from '@/components/ui/tone';

const STATUS_TONE: Record<string, Tone> = {
  confirmed: 'success',
  pending: 'warning',
  canceled: 'danger',
  completed: 'neutral',
  no_show: 'accent',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{status.replace('_', '-')}</Badge>;
}
