package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;
import org.fabricsim.ib.CutLookahead;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.partitioner.Partition;
import org.fabricsim.partitioner.PartitionFile;
import org.fabricsim.partitioner.PartitionMethod;
import org.fabricsim.partitioner.PartitionQuality;
import org.fabricsim.partitioner.Partitioners;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "partition", mixinStandardHelpOptions = true,
        description = "Split a topology into logical processes for the distributed engine and print the quality:"
                + " load per part, cut cables, lookahead per LP-to-LP channel.")
final class PartitionCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--topology", required = true, paramLabel = "TOPOLOGY",
            description = "Preset, generator expression or topology file.")
    String topology;

    @Option(names = "--parts", required = true, paramLabel = "N", description = "Number of parts (LPs).")
    int parts;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto",
            description = "auto (the default: tree for fat trees with enough pods, else multilevel), tree, multilevel.")
    String method;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "Seed of the multilevel method.")
    long seed;

    @Option(names = "--link-bandwidth", paramLabel = "BW", description = "Host-link bandwidth of a preset or generator.")
    String bandwidth;

    @Option(names = "--link-latency", paramLabel = "TIME", description = "Cable latency of a preset or generator.")
    String latency;

    @Option(names = "--write", paramLabel = "FILE", description = "Write the partition (one 'node part' line per node).")
    Path write;

    @Override
    public Integer call() {
        PartitionMethod m = method(method);
        long bw = bandwidth == null ? 0 : Units.bandwidth(bandwidth);
        long lat = latency == null ? 0 : Units.time(latency);
        Topology t = Topologies.resolve(topology, bw, lat, null);
        Partition p;
        try {
            p = Partitioners.partition(t, parts, m, seed);
        } catch (IllegalArgumentException e) {
            throw new InputException("partition: " + e.getMessage());
        }
        PartitionQuality q = PartitionQuality.of(t, p);
        // the packet model's lookahead with its default parameters and MTU-sized packets (CutLookahead)
        PacketParams params = PacketParams.defaults();
        PartitionQuality packet = PartitionQuality.of(t, p,
                gp -> CutLookahead.ofCable(t, gp, params, CutLookahead.mtuWireBytes(params)));
        main.out.printf(Locale.ROOT, "partition of %s into %d parts (%s, seed %d)%n", t.name(), parts,
                Partitioners.resolve(t, parts, m).label(), seed);
        main.out.printf(Locale.ROOT, "  load (connected ports) per part: imbalance %.3f (heaviest / average)%n", q.imbalance());
        for (int part = 0; part < parts; part++) {
            main.out.printf(Locale.ROOT, "    part %-3d load %7d  nodes %6d  hosts %6d%n", part, q.load()[part],
                    q.nodes()[part], q.hosts()[part]);
        }
        main.out.printf(Locale.ROOT, "  cut cables: %d of %d (%.1f %%)%n", q.cutCables(), q.cables(),
                100.0 * q.cutCables() / Math.max(1, q.cables()));
        main.out.printf(Locale.ROOT, "  channels: %d, lookahead min %s (cable latency %s)%n", q.channels().size(),
                q.channels().isEmpty() ? "none (nothing cut)" : Units.formatTime(packet.minLookaheadPs()),
                q.channels().isEmpty() ? "-" : Units.formatTime(q.minLookaheadPs()));
        if (!q.channels().isEmpty()) {
            main.out.printf(Locale.ROOT, "    (packet model, default parameters, %d B packets: the cable plus the"
                    + " switch latency or a packet's serialisation)%n", CutLookahead.mtuWireBytes(params));
        }
        for (int i = 0; i < q.channels().size(); i++) {
            PartitionQuality.Channel c = q.channels().get(i);
            main.out.printf(Locale.ROOT, "    LP %d -> LP %d  links %6d  lookahead %s  cable latency %s%n", c.from(),
                    c.to(), c.links(), Units.formatTime(packet.channels().get(i).lookaheadPs()),
                    Units.formatTime(c.lookaheadPs()));
        }
        if (write != null) {
            PartitionFile.write(t, p, write);
            main.out.println("  wrote " + write);
        }
        return 0;
    }

    private static PartitionMethod method(String label) {
        for (PartitionMethod m : PartitionMethod.values()) {
            if (m.label().equals(label)) {
                return m;
            }
        }
        throw new InputException("partition: --method must be auto, tree or multilevel, got '" + label + "'");
    }
}
