package org.fabricsim.experiment;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabricsim.config.ExperimentConfig;

/** Shared by the sweep tests: experiment files from text, and the Java serialisation Spark applies. */
final class SweepTestSupport {
    private SweepTestSupport() {
    }

    /** {@code text} as the experiment file {@code s.conf} in {@code dir}, loaded without settings. */
    static ExperimentConfig config(Path dir, String text) throws IOException {
        Path f = dir.resolve("s.conf");
        Files.writeString(f, text);
        return ExperimentConfig.load(f, List.of());
    }

    /** What an executor receives: {@code value} serialised and read back. */
    @SuppressWarnings("unchecked")
    static <T> T serialisedAndBack(T value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
}
