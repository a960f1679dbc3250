/** The six fixed quotes of the home page's 'What Our Community Says' (public-site.md section 3). */
export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  title: string;
  avatarSrc: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    quote: "I came in carrying a whole week on my shoulders and left lighter than I have felt in months. The live piano changes everything.",
    name: "Sarah Mitchell",
    title: "Yoga teacher",
    avatarSrc: "/media/images/avatar-1.svg",
  },
  {
    id: 2,
    quote: "I had never meditated before. Lying on the floor with candles around and the music so close, I finally understood what stillness means.",
    name: "David Chen",
    title: "Software engineer",
    avatarSrc: "/media/images/avatar-2.svg",
  },
  {
    id: 3,
    quote: "The sunset gathering on the hill was unforgettable: headphones, the ocean below and music written for that very moment.",
    name: "Maria Gonzalez",
    title: "Nurse",
    avatarSrc: "/media/images/avatar-3.svg",
  },
  {
    id: 4,
    quote: "Candlelight yoga with a live pianist is my favourite hour of the month. Slow, warm and completely unpretentious.",
    name: "James Okafor",
    title: "Architect",
    avatarSrc: "/media/images/avatar-4.svg",
  },
  {
    id: 5,
    quote: "My partner and I come together now. We talk less on the drive home, and it is the good kind of quiet.",
    name: "Emily Rhodes",
    title: "Teacher",
    avatarSrc: "/media/images/avatar-5.svg",
  },
  {
    id: 6,
    quote: "A room full of strangers breathing together to the same music. I did not expect to feel so at home.",
    name: "Noah Levin",
    title: "Graduate student",
    avatarSrc: "/media/images/avatar-6.svg",
  },
];
