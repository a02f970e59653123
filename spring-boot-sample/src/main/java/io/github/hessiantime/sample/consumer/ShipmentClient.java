package io.github.hessiantime.sample.consumer;

import io.github.hessiantime.sample.api.Shipment;
import io.github.hessiantime.sample.api.ShipmentService;
import org.apache.dubbo.config.annotation.DubboReference;
import org.springframework.stereotype.Component;

/** Consumer code as any Dubbo user writes it: a {@link DubboReference}, nothing about serialization. */
@Component
public class ShipmentClient {

    @DubboReference
    private ShipmentService shipments;

    public Shipment confirm(Shipment shipment) {
        return shipments.confirm(shipment);
    }
}
