package org.fabricsim.topology;

/**
 * What an InfiniBand subnet knows about one node of a {@link Topology}: the identity fields of its NodeInfo,
 * its NodeDescription, and the LID of the port that stands for it.
 *
 * <p>A switch is one node with many ports; its LID, LMC and port GUID are those of its management port 0.
 * A host is one <em>port</em> of a channel adapter (HCA): an HCA with two cabled ports is two hosts sharing a
 * node GUID and description (DECISIONS D166), so {@link #port()} and {@link #ports()} say which port of how
 * many the host is.
 *
 * @param nodeGuid the node's NodeGUID (an HCA's for each of its hosts)
 * @param portGuid the host's port GUID; a switch's port-0 GUID
 * @param systemImageGuid SystemImageGUID, 0 when unknown
 * @param vendorId VendorID, 0 when unknown
 * @param deviceId DeviceID, 0 when unknown
 * @param description NodeDescription, as printed in quotes by ibnetdiscover (or the node-name-map's name)
 * @param ports number of ports of the switch or HCA (port 0 of a switch not counted)
 * @param port the host's port number on its HCA (1..ports); 0 for a switch
 * @param lid base LID of the host's port, of the switch's port 0; 0 when the subnet manager gave none
 * @param lmc LID mask control: the port answers to 2^lmc LIDs from {@code lid}
 * @param enhancedPort0 whether a switch's port 0 is enhanced (ibnetdiscover's "enhanced"/"base")
 */
public record IbNode(long nodeGuid, long portGuid, long systemImageGuid, int vendorId, int deviceId,
        String description, int ports, int port, int lid, int lmc, boolean enhancedPort0) {
}
