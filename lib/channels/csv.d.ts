// Data files imported as text (embedded in compiled binaries, like the SQL migrations).
declare module "*.csv" {
  const text: string;
  export default text;
}
