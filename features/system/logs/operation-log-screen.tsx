'use client';

// STUB: replaced by the issue #24 work in progress.
export default function OperationLogScreen() {
  return null;
}
