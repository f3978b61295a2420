import { createRef } from 'react';
import { act, render } from '@testing-library/react';
import CodeEditor, { type CodeEditorCommands } from '../code-editor';

/** The editor's outside commands (issue #39: the report designer's table browser inserts names at the cursor). */
describe('CodeEditor commands', () => {
  it('insert puts the text at the cursor, replacing a selection, and reports the new value', async () => {
    const commandsRef = createRef<CodeEditorCommands | null>() as { current: CodeEditorCommands | null };
    const onChange = jest.fn();
    const { container } = render(<CodeEditor value="select  from t" onChange={onChange} language="sql" commandsRef={commandsRef} />);
    expect(commandsRef.current).not.toBeNull();
    // The cursor after "select " (CodeMirror's view of the DOM).
    const { EditorView } = await import('@codemirror/view');
    const view = EditorView.findFromDOM(container.querySelector('.cm-editor') as HTMLElement)!;
    act(() => view.dispatch({ selection: { anchor: 7 } }));
    act(() => commandsRef.current!.insert('name'));
    expect(onChange).toHaveBeenLastCalledWith('select name from t');
    act(() => view.dispatch({ selection: { anchor: 17, head: 18 } }));
    act(() => commandsRef.current!.insert('tbl_location'));
    expect(onChange).toHaveBeenLastCalledWith('select name from tbl_location');
  });
});
