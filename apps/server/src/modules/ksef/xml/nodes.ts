import { create } from 'xmlbuilder2';

/**
 * A document as nested, ordered nodes: the builders list the elements in the order the XSD fixes, and only this
 * file turns them into bytes (xmlbuilder2 escapes the text). A child list may hold `null` for an optional element
 * left out, so the builders read like the schema.
 */
export type XmlNode = {
  name: string;
  attributes?: Record<string, string>;
  children?: readonly (XmlNode | null)[];
  text?: string;
};

export function element(name: string, content: string | readonly (XmlNode | null)[]): XmlNode {
  return typeof content === 'string' ? { name, text: content } : { name, children: content };
}

/** An element only when there is a value. */
export function optional(name: string, value: string | null | undefined): XmlNode | null {
  return value === null || value === undefined ? null : element(name, value);
}

/** `<?xml version="1.0" encoding="UTF-8"?>` and the root in `namespace`, indented two spaces, as UTF-8 bytes. */
export function renderXml(namespace: string, root: XmlNode): Uint8Array {
  const document = create({ version: '1.0', encoding: 'UTF-8' });
  const add = (parent: ReturnType<typeof document.ele>, node: XmlNode) => {
    const child = parent.ele(node.name, node.attributes);
    if (node.text !== undefined) child.txt(node.text);
    for (const grandchild of node.children ?? []) if (grandchild) add(child, grandchild);
  };
  const top = document.ele(namespace, root.name, root.attributes);
  if (root.text !== undefined) top.txt(root.text);
  for (const child of root.children ?? []) if (child) add(top, child);
  return new TextEncoder().encode(`${document.end({ prettyPrint: true, indent: '  ' })}\n`);
}
