/** What staff are told about the community list (members-and-staff.md section 8, Dashboard). */
export const communityStaffMessages = {
  deleted: (email: string) => `Deleted ${email} from the community list.`,
  deleteFailed: "Failed to delete community member. Please try again.",
} as const;
