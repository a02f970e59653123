package io.github.hessiantime.sample.api;

/** The service interface both sides share. */
public interface ShipmentService {

    /** Echoes {@code shipment} after checking it arrived as the consumer built it ({@link SampleShipments}). */
    Shipment confirm(Shipment shipment);
}
