import type { EventCardAction } from "./event-card-action";

/** An event as pages show it: formatted in the venue's time zone, with its card action decided. */
export interface EventView {
  id: string;
  slug: string;
  title: string;
  /** 'August 15th, 2025' */
  dateLabel: string;
  /** '6:30 PM' */
  timeLabel: string;
  /** ISO instant, for <time dateTime> and structured data. */
  startsAt: string;
  location: string | null;
  address: string | null;
  description: string;
  image: string;
  featured: boolean;
  action: EventCardAction;
  /** Seats still free for on-site reservations; null when the event takes none. */
  seatsLeft: number | null;
  /** Full by its reservations (and offers' held seats) but still upcoming: guests may join its waiting list. */
  waitingList?: boolean;
}
