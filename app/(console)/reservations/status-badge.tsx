import { Badge } from '@/components/ui/badge';

const STATUS_TONE: Record<string, 'green' | 'amber' | 'red' | 'neutral' | 'violet'> = {
  confirmed: 'green',
  pending: 'amber',
  canceled: 'red',
  completed: 'neutral',
  no_show: 'violet',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{status.replace('_', '-')}</Badge>;
}
