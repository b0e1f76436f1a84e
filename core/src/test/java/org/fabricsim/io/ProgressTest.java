package org.fabricsim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.InputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProgressTest {
    @AfterEach
    void clearProperty() {
        System.clearProperty(Progress.PROPERTY);
    }

    private static void stepFromThreads(Progress p, int threads, int steps) throws InterruptedException {
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < steps; i++) {
                    if (i % 2 == 0) {
                        p.step();
                    } else {
                        p.stepBy(1);
                    }
                }
            });
            all.add(th);
            th.start();
        }
        for (Thread th : all) {
            th.join();
        }
    }

    @Test
    void aShownBarCountsStepsFromSeveralThreads() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress p = Progress.startOn("trials", 4000, out)) {
            assertTrue(p.isShown());
            stepFromThreads(p, 4, 1000);
            assertEquals(4000, p.current());
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("trials"), text);
        assertTrue(text.contains("4000/4000"), text);
    }

    @Test
    void forcedOffIsSilentButStillCounts() throws InterruptedException {
        System.setProperty(Progress.PROPERTY, "off");
        try (Progress p = Progress.start("trials", 100)) {
            assertFalse(p.isShown());
            stepFromThreads(p, 2, 50);
            p.stepBy(10);
            assertEquals(110, p.current());
        }
    }

    @Test
    void autoIsSilentWithoutAConsole() {
        assumeTrue(System.console() == null, "tests normally run without a console");
        try (Progress p = Progress.start("trials", 10, Progress.Mode.AUTO)) {
            assertFalse(p.isShown());
        }
    }

    @Test
    void modeComesFromTheSystemProperty() {
        assertEquals(Progress.Mode.AUTO, Progress.modeFromProperty());
        System.setProperty(Progress.PROPERTY, "ON");
        assertEquals(Progress.Mode.ON, Progress.modeFromProperty());
        System.setProperty(Progress.PROPERTY, " off ");
        assertEquals(Progress.Mode.OFF, Progress.modeFromProperty());
        System.setProperty(Progress.PROPERTY, "sometimes");
        InputException e = assertThrows(InputException.class, Progress::modeFromProperty);
        assertTrue(e.getMessage().contains(Progress.PROPERTY) && e.getMessage().contains("sometimes"),
                e.getMessage());
    }

    @Test
    void closeIsIdempotent() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = Progress.startOn("x", -1, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        p.step();
        p.close();
        p.close();
        assertEquals(1, p.current());
    }

    @Test
    void theTotalCanBeRaised() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Progress p = Progress.startOn("sweep", 100, new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            p.stepBy(100);
            p.total(250);
            assertEquals(250, p.total());
            p.stepBy(150);
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("250/250"), bytes.toString(StandardCharsets.UTF_8));
        try (Progress silent = Progress.start("x", 5, Progress.Mode.OFF)) {
            silent.total(-7);
            assertEquals(-1, silent.total());
        }
    }
}
