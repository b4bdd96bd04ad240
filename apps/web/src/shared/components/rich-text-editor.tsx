import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

/** The toolbar of the notice editor: text formats, lists, links; no embedded scripts or frames. */
const modules = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }],
    ['link', 'blockquote'],
    ['clean'],
  ],
};

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
}

/**
 * Rich text input for antd forms (value/onChange). The HTML it produces is only a proposal: the
 * server sanitises it before storing, and pages show only the stored, sanitised HTML.
 */
export default function RichTextEditor({ value, onChange, placeholder, id }: RichTextEditorProps) {
  return (
    <div className="rich-text-editor" data-testid="rich-text-editor" id={id}>
      <ReactQuill
        theme="snow"
        value={value ?? ''}
        modules={modules}
        placeholder={placeholder}
        // An editor left empty produces "<p><br></p>"; the form should see it as empty.
        onChange={(html, _delta, _source, editor) => onChange?.(editor.getText().trim() ? html : '')}
      />
    </div>
  );
}
