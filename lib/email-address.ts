/** The shape an e-mail address must have here (the admin CLI, the member routes, OWNER_EMAIL): something@somewhere, no spaces. */
export const isEmailAddress = (text: string): boolean => /^[^\s@]+@[^\s@]+$/.test(text);
