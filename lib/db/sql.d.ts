// SQL migration files are imported as text (embedded in compiled binaries).
declare module "*.sql" {
  const text: string;
  export default text;
}
