package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.assertBadInput;
import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabricsim.partitioner.Partition;
import org.fabricsim.partitioner.PartitionFile;
import org.fabricsim.partitioner.PartitionMethod;
import org.fabricsim.partitioner.Partitioners;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsTheQualityAndWritesAPartitionThatReadsBack() {
        Path file = dir.resolve("tree648.part");
        CliTest.Result r = fabricsim("partition", "--topology", "tree648", "--parts", "4", "--write", file.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("partition of tree648 into 4 parts (tree"), r.out());
        assertEquals(12, r.out().lines().filter(l -> l.contains(" -> LP ")).count(), "4 parts, 12 channels: " + r.out());
        Topology t = Presets.find("tree648").build();
        Partition read = PartitionFile.read(file, t);
        assertEquals(Partitioners.partition(t, 4, PartitionMethod.TREE, 1), read);
    }

    @Test
    void badInput() throws IOException {
        assertBadInput("parts must be in [1, 702] for tree648, got 0", "partition", "--topology", "tree648", "--parts", "0");
        assertBadInput("--method must be auto, tree or multilevel", "partition", "--topology", "tree648", "--parts", "2",
                "--method", "metis");
        assertBadInput("the tree partitioner needs a generated fat tree", "partition", "--topology", "fig1-1", "--parts",
                "2", "--method", "tree");
        Path bad = dir.resolve("bad.part");
        Files.writeString(bad, "topology tree648\nparts 2\nnoSuchNode 1\n");
        Topology t = Presets.find("tree648").build();
        org.fabricsim.InputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.fabricsim.InputException.class, () -> PartitionFile.read(bad, t));
        assertTrue(e.getMessage().startsWith(bad + ":3: no node noSuchNode"), e.getMessage());
    }
}
