import { TodaySkeleton } from './today-skeleton';

export default function TodayLoading() {
  return <TodaySkeleton />;
}
