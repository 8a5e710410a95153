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
export function LocalFilePicker({
  multiple,
  onFiles,
  inputId,
  accept,
  describedBy,
  children,
  hint,
}: LocalFilePickerProps) {
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) =>
      onFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
    multiple,
    noClick: true,
    noKeyboard: true,
  });
  return (
    <div {...getRootProps({ className: `dropzone${isDragActive ? " dropzone-active" : ""}` })}>
      <input
        {...getInputProps({ id: inputId, accept })}
        aria-label={undefined}
        aria-describedby={describedBy}
        capture={undefined}
      />
      {children(open)}
      {hint}
    </div>
  );
}
