package org.fabricsim.experiment;

import com.esotericsoftware.kryo.kryo5.Kryo;
import com.esotericsoftware.kryo.kryo5.KryoSerializable;
import com.esotericsoftware.kryo.kryo5.io.Input;
import com.esotericsoftware.kryo.kryo5.io.Output;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * A part's measurements on their way to the driver. The sender holds the {@link PacketMetrics} and encodes
 * them as the part's report is written, in runs of at most {@link #RUN_BYTES} into the report's own stream:
 * the whole encoding is never held in the member, where it was the end-of-run peak of a large part (issue
 * 16; a part of 8 of the 65 536-host tree: 5 MB of encoding in a buffer grown to 8 MB, then copied). The
 * receiver keeps the runs as they arrived and decodes through them without joining them.
 */
final class PartMetrics implements KryoSerializable {
    /** Largest run of the encoding written at once: the graph encoder's buffer. */
    static final int RUN_BYTES = 64 << 10;

    private PacketMetrics metrics; // the sender's
    private List<byte[]> runs; // the receiver's

    PartMetrics() { // for Kryo
    }

    PartMetrics(PacketMetrics metrics) {
        this.metrics = metrics;
    }

    /** Written as length-prefixed runs ended by an empty one, so that no length of the whole is needed first. */
    @Override
    public void write(Kryo wire, Output out) {
        Output graph = new Output(new OutputStream() {
            @Override
            public void write(int b) {
                out.writeVarInt(1, true);
                out.writeByte(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (len > 0) {
                    out.writeVarInt(len, true);
                    out.writeBytes(b, off, len);
                }
            }
        }, RUN_BYTES);
        PacketModelSpec.graphKryo(null, null).writeObject(graph, metrics);
        graph.flush();
        out.writeVarInt(0, true);
    }

    @Override
    public void read(Kryo wire, Input in) {
        runs = new ArrayList<>();
        for (int n = in.readVarInt(true); n > 0; n = in.readVarInt(true)) {
            runs.add(in.readBytes(n));
        }
    }

    /** Bytes of the encoding (receiver). */
    long encodedBytes() {
        return runs.stream().mapToLong(r -> r.length).sum();
    }

    /** The measurements, decoded onto the receiver's topology and flows (which did not travel). */
    PacketMetrics decode(Topology topology, FlowSet flows) {
        List<InputStream> streams = new ArrayList<>(runs.size());
        for (byte[] r : runs) {
            streams.add(new ByteArrayInputStream(r));
        }
        Input input = new Input(new SequenceInputStream(Collections.enumeration(streams)), RUN_BYTES);
        return PacketModelSpec.graphKryo(topology, flows).readObject(input, PacketMetrics.class);
    }
}
