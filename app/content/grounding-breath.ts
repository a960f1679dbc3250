/** The meditation the welcome and friend pages share while the music plays. */
export const groundingBreath = {
  title: "Grounding Breath Meditation",
  paragraphs: [
    "Find a comfortable seat, let your shoulders soften and rest your hands wherever they feel easy.",
    "Breathe in slowly through your nose for a count of four, feeling your belly rise, then let the breath go through your mouth for a count of six.",
    "With each breath out, feel your weight sink a little further into the ground beneath you.",
    "If your thoughts wander, simply notice them and come back to the sound of the piano and the rhythm of your breath.",
  ],
} as const;
