/** A map search for an event's place (browser-safe): the address when known, else the place's name. */
export function mapLink(place: { location: string | null; address: string | null }): string | null {
  const query = place.address ?? place.location;
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}
