export async function docCommand(_args: string[]): Promise<number> {
  return 2;
}
