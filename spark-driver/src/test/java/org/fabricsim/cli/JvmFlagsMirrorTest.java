package org.fabricsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The JVM flags Spark and Arrow need live in the parent POM's fabricsim.jvm.flags (Surefire, JMH) and are
 * mirrored in .mvn/jvm.config, which the fabricsim launcher reads: the two must not drift apart.
 */
class JvmFlagsMirrorTest {
    @Test
    void launcherFlagsEqualThePomProperty() throws IOException {
        String pom = System.getProperty("fabricsim.jvmFlags");
        Path root = Path.of(System.getProperty("fabricsim.repoRoot"));
        String mirror = Files.readString(root.resolve(".mvn/jvm.config")).trim();
        assertEquals(pom.trim(), mirror);
        assertTrue(mirror.contains("--add-opens=java.base/java.nio=ALL-UNNAMED"), "Arrow's flag");
        assertTrue(Files.readString(root.resolve("fabricsim")).contains(".mvn/jvm.config"),
                "the launcher reads the mirror");
    }
}
