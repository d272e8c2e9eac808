package io.github.pplxexport.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** A usage or configuration problem: one line for the user, exit code 2. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }

    /** "cannot {@code what}: the reason", for a file system failure (whose own message is only the path). */
    static UsageException io(String what, IOException e) {
        return new UsageException("cannot " + what + ": " + reason(e));
    }

    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return "a file of that name is in the way";
        }
        return e instanceof FileSystemException ? e.getClass().getSimpleName() : String.valueOf(e.getMessage());
    }
}
