/** A maps search for a place, opened in a new tab ('View Venue Details'). Browser-safe. */
export function mapsSearchUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
