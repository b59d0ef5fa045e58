/** An eligible commitment the entity would lose with a new program list (the preview before replacing them). */
export interface LostCommitment {
  id: string;
  programId: string;
  status: string;
  entitySeats: number | null;
  venueId: string | null;
  days: number[];
  start: string | null;
  end: string | null;
}
