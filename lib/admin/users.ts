import type { Platform } from "../platform.ts";
import { ROLES } from "../auth/permissions.ts";
import { OPERATOR } from "../audit.ts";
import { addMember, changeRole, CLI_PATHS, removeMember as removeMemberCore } from "../members/manage.ts";
import { email, idFlag, oneOf, orgById, requireText } from "./validate.ts";

/** Creates the user (or finds them by e-mail) and makes them a member of the org. */
export async function createUser(platform: Platform, input: { org?: unknown; name?: unknown; email?: unknown; role?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const name = requireText(input.name, "--name");
  const mail = email(input.email, "--email");
  const role = input.role === undefined ? "viewer" : oneOf(input.role, "--role", ROLES);
  const { id } = await addMember(platform, org, { name, email: mail, role }, OPERATOR, { action: "member.added", paths: CLI_PATHS });
  return { id };
}

/** `user role`: changes a member's role; their keys narrow or widen with it at once. */
export async function setRole(platform: Platform, input: { org?: unknown; user?: unknown; role?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  const role = oneOf(input.role, "--role", ROLES);
  const { id } = await changeRole(platform, org, userId, role, OPERATOR, CLI_PATHS);
  return { id, role };
}

/** `user remove`: the member leaves the org; every key they created stops working (401). */
export async function removeMember(platform: Platform, input: { org?: unknown; user?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  return removeMemberCore(platform, org, userId, OPERATOR, CLI_PATHS);
}
