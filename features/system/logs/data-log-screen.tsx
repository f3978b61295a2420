'use client';

// STUB: replaced by the issue #24 work in progress.
export default function DataLogScreen() {
  return null;
}
