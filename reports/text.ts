// Small wording helpers shared by the report writers.

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** "Title (name) version" from an initialize result's serverInfo or clientInfo; undefined when it has no name. */
export function describeServer(serverInfo: unknown): string | undefined {
  if (serverInfo === null || typeof serverInfo !== 'object') return undefined;
  const info = serverInfo as { name?: unknown; version?: unknown; title?: unknown };
  if (typeof info.name !== 'string') return undefined;
  const name = typeof info.title === 'string' && info.title ? `${info.title} (${info.name})` : info.name;
  return typeof info.version === 'string' ? `${name} ${info.version}` : name;
}
