package org.fabricsim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.fabricsim.routing.DModK;
import org.fabricsim.routing.Forwarding;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The packet model's hot path, the forwarding lookup of {@code ib.StaticRouting} (issue 16, docs/BENCHMARKS.md,
 * "Forwarding tables that scale"): D-mod-K's port towards a destination at a switch, for {@value #LOOKUPS}
 * (switch, destination) pairs drawn at random (packets reach every switch with every destination).
 * {@code storage}: {@code computed} ({@code routing-tables = computed}, per-switch constants and per-level port
 * columns), {@code stored} (the whole switch-major table indexed by a multiplication, as before issue 16 and still
 * for whole tables), {@code rows} (every row as a logical process holds its own: a row offset per switch).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Xmx8g")
public class ForwardingLookupBenchmark {
    static final int LOOKUPS = 1 << 16;

    @Param({"tree4096", "xgft(3;18,18,36;1,18,18)", "xgft(3;32,32,64;1,32,32)"})
    String tree;

    @Param({"computed", "stored", "rows"})
    String storage;

    private Forwarding forwarding;
    private int[] switchNode;
    private int[] dst;

    @Setup(Level.Trial)
    public void setup() {
        Topology t = Topologies.resolve(tree, 0, 0, null);
        forwarding = switch (storage) {
            case "computed" -> DModK.computed(t).ports();
            case "stored" -> DModK.compute(t).ports();
            case "rows" -> DModK.compute(t, v -> true).ports();
            default -> throw new IllegalArgumentException(storage);
        };
        SplittableRandom r = new SplittableRandom(1);
        switchNode = new int[LOOKUPS];
        dst = new int[LOOKUPS];
        for (int i = 0; i < LOOKUPS; i++) {
            switchNode[i] = t.hostCount() + r.nextInt(t.switchCount());
            dst[i] = r.nextInt(t.hostCount());
        }
    }

    @Benchmark
    @OperationsPerInvocation(LOOKUPS)
    public int lookup() {
        Forwarding f = forwarding;
        int sum = 0;
        for (int i = 0; i < LOOKUPS; i++) {
            sum += f.port(switchNode[i], dst[i]);
        }
        return sum;
    }
}
