// The built tracker is imported as text (embedded in the service and its binary).
declare module "*.min.js" {
  const text: string;
  export default text;
}
