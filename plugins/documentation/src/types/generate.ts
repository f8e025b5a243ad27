export function generateTypes(): void {}
