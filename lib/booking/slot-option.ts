import type { NoAvailability } from './no-availability';

/** A time the booking form offers, as the availability search answers it to the browser. */
export interface SlotOption {
  venueId: string;
  date: string;
  time: string;
  partySize: number;
  seatsAvailable: number;
  commitmentId: string | null;
  programId: string | null;
  seatingArea: { id: string; name: string } | null;
}

/** The availability search's answer: the options, or why there are none. */
export interface AvailabilityAnswer {
  options: SlotOption[];
  empty: NoAvailability | null;
}

/** One time at one venue, for one allocation and seating area: what a hold is placed on. */
export const slotKey = (o: Pick<SlotOption, 'venueId' | 'time' | 'commitmentId' | 'seatingArea'>) =>
  `${o.venueId}|${o.time}|${o.commitmentId ?? ''}|${o.seatingArea?.id ?? ''}`;
