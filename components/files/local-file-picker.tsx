import { useDropzone } from "react-dropzone";
import type { ReactNode } from "react";

export type LocalFilePickerProps = {
  multiple: boolean;
  /** Files picked or dropped, refused ones included: the field checks and explains. */
  onFiles: (files: File[]) => void;
  inputId: string;
  accept: string | undefined;
  describedBy: string | undefined;
  /** The button that opens the picker, given its click handler. */
  children: (open: () => void) => ReactNode;
  hint: ReactNode;
};

/** The drop zone and hidden file input of a file field (loaded only where a file field shows). */
export function LocalFilePicker(props: LocalFilePickerProps) {
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) =>
      props.onFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
    multiple: props.multiple,
    noClick: true,
    noKeyboard: true,
  });
  return (
    <div {...getRootProps({ className: `dropzone${isDragActive ? " dropzone-active" : ""}` })}>
      <input
        {...getInputProps({ id: props.inputId, accept: props.accept })}
        aria-label={undefined}
        aria-describedby={props.describedBy}
        capture={undefined}
      />
      {props.children(open)}
      {props.hint}
    </div>
  );
}
