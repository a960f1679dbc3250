/** What the deliverability pages and forms say, kept together. */
export const deliverabilityMessages = {
  notAuthorised: "You are not authorized to change the suppression list.",
  reasonRequired: "Please say why the address may be mailed again (for example: 'Fixed a typo in the address').",
  addressInvalid: "Please choose an address from the list.",
  notSuppressed: (email: string) => `${email} is not on the suppression list.`,
  removed: (email: string) => `${email} was removed from the suppression list; bulk mail goes to it again.`,
  retried: "Thank you. We will try your address again with our next e-mail.",
  hardBounced: "We could not deliver mail to this address before. Check it, or use another.",
} as const;
