/** What staff are told about the member directory's initial sign-ups (members-and-staff.md section 8). */
export const memberDirectoryMessages = {
  deleted: (email: string) => `Deleted the signup of ${email}.`,
  deleteFailed: "Failed to delete signup",
} as const;
