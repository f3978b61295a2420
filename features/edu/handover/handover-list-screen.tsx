'use client';

// STUB: replaced by the issue #23 work in progress.
export default function HandoverListScreen() {
  return null;
}
