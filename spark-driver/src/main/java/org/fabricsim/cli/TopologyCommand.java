package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fabricsim.InputException;
import org.fabricsim.config.Units;
import org.fabricsim.experiment.RunMemory;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.LftDump;
import org.fabricsim.routing.LftFile;
import org.fabricsim.routing.Routings;
import org.fabricsim.routing.TableCheck;
import org.fabricsim.topology.Graphviz;
import org.fabricsim.topology.IbnetdiscoverFile;
import org.fabricsim.topology.NodeNameMap;
import org.fabricsim.topology.Presets;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyFile;
import org.fabricsim.topology.TopologyReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "topology", mixinStandardHelpOptions = true,
        description = "Describe a topology (hosts, switches, links, ports, levels, bisection) and export it.")
final class TopologyCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--topology", paramLabel = "TOPOLOGY",
            description = "Preset, generator expression (e.g. xgft(2;18,36;1,18)), topology file or ibnetdiscover"
                    + " output (a .ibnd file, ibnet:PATH, or any file that reads as one).")
    String topology;

    @Option(names = "--node-name-map", paramLabel = "FILE",
            description = "Names for the nodes of ibnetdiscover output, by GUID (infiniband-diags' node name map).")
    Path nodeNameMap;

    @Option(names = "--list", description = "List the presets and generators.")
    boolean list;

    @Option(names = "--link-bandwidth", paramLabel = "BW", description = "Host-link bandwidth of a preset or generator, e.g. 40Gbps.")
    String bandwidth;

    @Option(names = "--link-latency", paramLabel = "TIME",
            description = "Cable latency of a preset, generator or ibnetdiscover output, e.g. 100ns.")
    String latency;

    @Option(names = "--dot", paramLabel = "FILE", description = "Write a Graphviz file.")
    Path dot;

    @Option(names = "--write", paramLabel = "FILE", description = "Write the topology in the topology file format.")
    Path write;

    @Option(names = "--ibnetdiscover", paramLabel = "FILE",
            description = "Write the topology as ibnetdiscover output (GUIDs and LIDs of docs/TOPOLOGY_FORMAT.md).")
    Path ibnetdiscover;

    @Option(names = "--lft", paramLabel = "FILE", description = "Write the forwarding tables of --routing.")
    Path lft;

    @Option(names = "--lft-dump", paramLabel = "FILE",
            description = "Write the forwarding tables of --routing as an LFT dump (dump_fts / ibroute format).")
    Path lftDump;

    @Option(names = "--routing", paramLabel = "ROUTING",
            description = "Routing for --lft, --lft-dump and --check: auto (the default), dmodk, updown, minhop, ftree,"
                    + " file:PATH, lft-dump:PATH.")
    String routing;

    @Option(names = "--check", description = "Check the tables of --routing: complete, deadlock-free with --vls"
            + " lanes, minimal. Exit status 3 when they are not.")
    boolean check;

    @Option(names = "--vls", paramLabel = "N", defaultValue = "1",
            description = "Virtual lanes for --check's deadlock check (1 to 15; default 1).")
    int vls;

    @Override
    public Integer call() {
        if (list) {
            main.out.println("presets:");
            for (Presets.Preset p : Presets.all()) {
                main.out.printf("  %-13s %s%n", p.name(), p.description());
            }
            main.out.println("generators:");
            main.out.println("  xgft(h;m1,..,mh;w1,..,wh)        extended generalised fat tree");
            main.out.println("  pgft(h;m..;w..;p..)              parallel-link fat tree");
            main.out.println("  kary-ntree(k,n)                  k-ary n-tree (Petrini numbering)");
            main.out.println("  mkary-ntree(k,n,w)               modified k-ary n-tree, horizontal width w");
            main.out.println("  clos(n,r,m)                      CLOS(n,r,m) folded as a two-level fat tree");
            main.out.println("files: any path, format in docs/TOPOLOGY_FORMAT.md");
            main.out.println("ibnetdiscover output: a .ibnd file, ibnet:PATH or any file that reads as one"
                    + " (--node-name-map FILE names its nodes)");
            return 0;
        }
        if (topology == null) {
            throw new InputException("topology: give --topology NAME or --list");
        }
        if (routing != null && lft == null && lftDump == null && !check) {
            throw new InputException("topology: --routing " + routing + " is only used with --lft FILE, --lft-dump"
                    + " FILE or --check");
        }
        if (vls < 1 || vls > 15) {
            throw new InputException("topology: --vls " + vls + ": must be 1 to 15 (InfiniBand's data VLs)");
        }
        long bw = bandwidth == null ? 0 : Units.bandwidth(bandwidth);
        long lat = latency == null ? 0 : Units.time(latency);
        NodeNameMap names = nodeNameMap == null ? null : NodeNameMap.read(nodeNameMap);
        // a generator's tree is counted, not built: one too big for the heap is refused at once
        RunMemory.topology(topology, bw, lat, null, lft != null || lftDump != null || check).requireFits();
        Topology t = Topologies.resolve(topology, bw, lat, null, names);
        TopologyReport.describe(t).forEach(main.out::println);
        if (dot != null) {
            Graphviz.write(t, dot);
            main.out.println("  wrote " + dot);
        }
        if (write != null) {
            TopologyFile.write(t, write);
            main.out.println("  wrote " + write);
        }
        if (ibnetdiscover != null) {
            IbnetdiscoverFile.write(t, ibnetdiscover);
            main.out.println("  wrote " + ibnetdiscover + " (ibnetdiscover output)");
        }
        String spec = routing == null ? Routings.AUTO : routing;
        if (lft != null || lftDump != null) {
            ForwardingTables tables = Routings.compute(spec, t, null);
            if (lft != null) {
                LftFile.write(tables, lft);
                main.out.println("  wrote " + lft + " (" + tables.algorithm() + ")");
            }
            if (lftDump != null) {
                LftDump.write(tables, lftDump);
                main.out.println("  wrote " + lftDump + " (" + tables.algorithm() + ", LFT dump)");
            }
        }
        if (check) {
            ForwardingTables tables = Routings.forCheck(spec, t, null);
            return CheckPrinter.print(tables, TableCheck.run(tables, vls), main.out);
        }
        return 0;
    }
}
