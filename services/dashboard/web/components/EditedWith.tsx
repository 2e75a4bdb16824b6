/** The admin CLI is their editor (no write routes): owners and admins (`canManage`) are told how. */
export function EditedWith({ canManage, noun, command }: { canManage: boolean; noun: string; command: "popup" | "spin" }) {
  if (!canManage) return <p>These {noun} are read-only here; an owner or admin of the organisation changes them.</p>;
  return (
    <p class="note">
      You may change these {noun} with the admin CLI on the server: <code>bun run admin {command} create --site … --file …</code>, <code>{command} update --id … --file …</code>,{" "}
      <code>{command} pause</code>, <code>{command} activate</code> and <code>{command} archive --id …</code>.
    </p>
  );
}
