package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
    @TempDir
    Path dir;

    private Path experiment(String flows) throws IOException {
        Path conf = dir.resolve("fig11.conf");
        Files.writeString(conf, "experiment = packet\ntopology.name = fig1-1\npacket.end-time = 50us\n"
                + "packet.flows = " + flows + "\n");
        return conf;
    }

    @Test
    void writesTheMeasurementsAndTheSameBytesTwice() throws IOException {
        Path conf = experiment("[{src = s1, dst = d1}, {src = s5, dst = d2, start = 10us, bytes = 64KiB}]");
        for (String run : new String[] {"a", "b"}) {
            CliTest.Result r = fabricsim("simulate", conf.toString(), "--out", dir.resolve(run).toString(), "--progress",
                    "off");
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("s1 -> d1"), r.out());
        }
        for (String file : new String[] {"summary.json", "flows.arrow", "flow-throughput.arrow", "ports.arrow",
                "receivers.arrow"}) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("a").resolve(file)),
                    Files.readAllBytes(dir.resolve("b").resolve(file)), file + " is deterministic");
        }
        String summary = Files.readString(dir.resolve("a").resolve("summary.json"));
        assertTrue(summary.contains("\"packets_in_flight\""), summary);
        assertTrue(Files.readString(dir.resolve("a").resolve("run.json")).contains("\"events_per_second\""));
    }

    @Test
    void badInputIsOneLineAndLeavesNothing() throws IOException {
        assertBadInput("x9", "simulate", experiment("[{src = x9, dst = d1}]").toString(), "--out",
                dir.resolve("o").toString());
        assertBadInput("packet.queues", "simulate", experiment("[{src = s1, dst = d1}]").toString(), "--set",
                "packet.queues=lifo", "--out", dir.resolve("o").toString());
        assertBadInput("metrics.window-end", "simulate", experiment("[{src = s1, dst = d1}]").toString(), "--set",
                "metrics.window-end=1s", "--out", dir.resolve("o").toString());
        assertBadInput("simulate runs experiment = packet", "simulate", experiment("[{src = s1, dst = d1}]").toString(),
                "--set", "experiment=contention", "--out", dir.resolve("o").toString());
        assertTrue(!Files.exists(dir.resolve("o")), "nothing half-written");
    }
}
