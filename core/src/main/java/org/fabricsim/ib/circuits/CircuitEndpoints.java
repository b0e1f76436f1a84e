package org.fabricsim.ib.circuits;

import org.fabricsim.ib.ControlPacket;
import org.fabricsim.ib.ControlReceiver;
import org.fabricsim.ib.Hcas;
import org.fabricsim.ib.PacketNetwork;
import org.fabricsim.ib.PacketPool;
import org.fabricsim.routing.adaptive.AdaptiveRouter;

/**
 * Seed 003 §3's flow virtual circuits, the HCA side: a flow's source sends a route set-up packet when the
 * flow starts and its data only once the set-up has come back (§3.2); the destination acknowledges the last
 * data packet; the source then sends the tear-down, which the destination returns (§3.4). A new flow of
 * the same connection (source, destination) sets up only after the previous one's tear-down is back, so a
 * set-up cannot overtake an old tear-down. Endless flows keep their circuit.
 */
final class CircuitEndpoints implements ControlReceiver {
    private static final int CLOSED = 0;
    private static final int SETTING_UP = 1;
    private static final int OPEN = 2;
    private static final int TEARING_DOWN = 3;
    private static final int WAITING = 4; // for the connection's previous tear-down

    private final CircuitParams params;
    private final PacketPool pool;
    private final Hcas hcas;
    private final int[] flowSrc;
    private final int[] flowDst;
    private final int controlLane;
    private final int controlBlocks;
    private final int ackBlocks;
    private final int[] circuit;
    final boolean[] open; // the injection's gate
    private long setups;

    CircuitEndpoints(PacketNetwork net, CircuitParams params) {
        this.params = params;
        this.pool = net.pool();
        this.hcas = net.hcas();
        this.flowSrc = hcas.flowSrc;
        this.flowDst = hcas.flowDst;
        this.controlLane = net.params().virtualLanes(); // the dedicated lane after the data VLs
        int unit = net.params().creditBytes();
        this.controlBlocks = (params.controlBytes() + unit - 1) / unit;
        this.ackBlocks = (params.ackBytes() + unit - 1) / unit;
        int n = flowSrc.length;
        circuit = new int[n];
        open = new boolean[n];
    }

    /** Flow {@code f} starts at its source: set its route up, unless its connection is still being torn down. */
    void activated(long t, int f) {
        int h = flowSrc[f];
        for (int i = hcas.hostFlowStart[h]; i < hcas.hostFlowStart[h + 1]; i++) {
            int g = hcas.hostFlows[i];
            if (g != f && flowDst[g] == flowDst[f] && circuit[g] != CLOSED && circuit[g] != WAITING) {
                circuit[f] = WAITING; // same connection, its circuit not yet torn down (§3.4)
                return;
            }
        }
        setUp(t, f);
    }

    private void setUp(long t, int f) {
        circuit[f] = SETTING_UP;
        setups++;
        int pk = pool.control(ControlPacket.SETUP, 0, f, flowDst[f], flowDst[f], params.controlBytes(),
                controlBlocks, controlLane, t);
        pool.setAux(pk, AdaptiveRouter.BUDGET_NOT_ARMED);
        hcas.originate(t, flowSrc[f], pk);
    }

    private void back(long t, int type, int flags, int f, int bytes, int blocks) {
        int src = flowSrc[f];
        int pk = pool.control(type, flags | ControlPacket.TOWARD_SOURCE, f, src, src, bytes, blocks, controlLane, t);
        hcas.originate(t, flowDst[f], pk);
    }

    @Override
    public void received(long t, int node, int in, int pk) {
        int type = pool.type(pk);
        int f = pool.flow(pk);
        boolean returning = (pool.flags(pk) & ControlPacket.RETURN) != 0;
        if (type == ControlPacket.SETUP && !returning) {
            back(t, ControlPacket.SETUP, ControlPacket.RETURN, f, params.controlBytes(), controlBlocks);
        } else if (type == ControlPacket.SETUP) {
            circuit[f] = OPEN;
            open[f] = true;
            hcas.send(t, node); // its data may go now
        } else if (type == ControlPacket.ACK) {
            circuit[f] = TEARING_DOWN;
            open[f] = false;
            int pt = pool.control(ControlPacket.TEARDOWN, 0, f, flowDst[f], flowDst[f], params.controlBytes(),
                    controlBlocks, controlLane, t);
            hcas.originate(t, node, pt); // routed like the data, erasing the route (§3.4)
        } else if (type == ControlPacket.TEARDOWN && !returning) {
            back(t, ControlPacket.TEARDOWN, ControlPacket.RETURN, f, params.controlBytes(), controlBlocks);
        } else if (type == ControlPacket.TEARDOWN) {
            circuit[f] = CLOSED;
            for (int i = hcas.hostFlowStart[node]; i < hcas.hostFlowStart[node + 1]; i++) {
                int g = hcas.hostFlows[i];
                if (circuit[g] == WAITING && flowDst[g] == flowDst[f]) {
                    setUp(t, g); // the connection is free again
                    break;
                }
            }
        }
    }

    @Override
    public void flowDelivered(long t, int host, int flow) {
        back(t, ControlPacket.ACK, 0, flow, params.ackBytes(), ackBlocks); // §3.4: the last data packet's ACK
    }

    long setups() {
        return setups;
    }
}
