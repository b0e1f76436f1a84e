package org.fabricsim.spark;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.fabricsim.InputException;
import org.fabricsim.io.OutputDirectory;

/**
 * The shared secret of an authenticated sweep and where it came from: a file named by
 * {@value #FILE_VARIABLE}, the environment variable {@value #VARIABLE}, or {@value #PROPERTY} (spark-submit's
 * properties file). Never on the command line, where {@code ps} shows it to every user of the machine
 * (docs/SPARK.md, "Security"; D180). The value never appears in a message or in {@link #toString()}.
 */
final class SparkSecret {
    /** Names a file that holds the secret (surrounding white space dropped, as Spark's properties files do). */
    static final String FILE_VARIABLE = "FABRICSIM_SPARK_SECRET_FILE";
    /** Holds the secret itself. */
    static final String VARIABLE = "FABRICSIM_SPARK_SECRET";
    /** Spark's own key. */
    static final String PROPERTY = "spark.authenticate.secret";

    private final String source;
    private final String value;

    private SparkSecret(String source, String value) {
        this.source = source;
        this.value = value;
    }

    /**
     * The secret, if one source gives it.
     *
     * @param properties the JVM's {@code spark.*} settings (system properties)
     * @param env the environment
     * @throws InputException if two sources give one, the file cannot be read, or the secret is empty
     */
    static Optional<SparkSecret> find(UnaryOperator<String> properties, UnaryOperator<String> env) {
        List<String> given = new ArrayList<>();
        for (String source : List.of(FILE_VARIABLE, VARIABLE)) {
            if (env.apply(source) != null) {
                given.add(source);
            }
        }
        if (properties.apply(PROPERTY) != null) {
            given.add(PROPERTY);
        }
        if (given.isEmpty()) {
            return Optional.empty();
        }
        if (given.size() > 1) {
            throw new InputException("the Spark secret is given by both " + given.get(0) + " and " + given.get(1)
                    + ": keep one");
        }
        String source = given.get(0);
        String value = switch (source) {
            case FILE_VARIABLE -> read(env.apply(FILE_VARIABLE));
            case VARIABLE -> env.apply(VARIABLE);
            default -> properties.apply(PROPERTY);
        };
        if (value.strip().isEmpty()) {
            throw new InputException(source.equals(FILE_VARIABLE) ? FILE_VARIABLE + ": " + env.apply(FILE_VARIABLE)
                    + " holds no secret (it is empty)" : source + ": the Spark secret is empty");
        }
        return Optional.of(new SparkSecret(source, value.strip()));
    }

    private static String read(String file) {
        if (file.isBlank()) {
            throw new InputException(FILE_VARIABLE + " is set but empty: it names the file that holds the secret");
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            throw new InputException(FILE_VARIABLE + ": " + file + " is a directory, not a file holding the secret");
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new InputException(FILE_VARIABLE + ": " + file + " is not UTF-8 text", e);
        } catch (IOException e) {
            // the exception names the path and the reason, never the content
            throw new InputException(FILE_VARIABLE + ": cannot read the secret: " + OutputDirectory.describe(e), e);
        }
    }

    /** Where the secret came from: {@value #FILE_VARIABLE}, {@value #VARIABLE} or {@value #PROPERTY}. */
    String source() {
        return source;
    }

    /** The secret itself, for Spark's configuration only. */
    String value() {
        return value;
    }

    /** The source, never the value. */
    @Override
    public String toString() {
        return "Spark secret from " + source;
    }
}
