package org.fabricsim;

/**
 * A user mistake in a command, a configuration or an input file. Its message is one line that
 * names the file, key or line and says what is wrong; the command line prints it and exits with
 * status 2, never a stack trace.
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
        super(message);
    }

    public InputException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The same mistake, prefixed with where it was found (a file, a file:line, a key). */
    public InputException at(String where) {
        return new InputException(where + ": " + getMessage(), this);
    }
}
