/** The WHERE conditions of a list query and their parameters, numbered as they are added. */
export class SqlConditions {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds a parameter; returns its placeholder (`$3`). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a condition built from placeholders of {@link param}. */
  where(condition: string): void {
    this.conditions.push(condition);
  }

  get sql(): string {
    return this.conditions.length > 0 ? this.conditions.join(' AND ') : 'true';
  }
}
