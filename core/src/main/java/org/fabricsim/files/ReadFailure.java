package org.fabricsim.files;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Why an input file could not be read, in a few words for a one-line message. */
public final class ReadFailure {
    private ReadFailure() {
    }

    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        } else if (e instanceof AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        } else if (e.getMessage() != null && !e.getMessage().isBlank()) {
            return e.getMessage();
        }
        return e.getClass().getSimpleName();
    }
}
