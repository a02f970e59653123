package io.github.hessiantime.sample.provider;

import io.github.hessiantime.sample.api.SampleShipments;
import io.github.hessiantime.sample.api.Shipment;
import io.github.hessiantime.sample.api.ShipmentService;
import org.apache.dubbo.config.annotation.DubboService;

/** The provider's implementation; exported by {@link DubboService} with the protocols of application properties. */
@DubboService
public class ShipmentServiceImpl implements ShipmentService {

    @Override
    public Shipment confirm(Shipment shipment) {
        Shipment expected = SampleShipments.shipment(shipment.getId());
        if (!expected.equals(shipment)) {
            // the consumer sees a failed call: a value changed on its way here
            throw new IllegalArgumentException("received " + shipment + " but the consumer sent " + expected);
        }
        return expected;
    }
}
