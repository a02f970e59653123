package io.github.hessiantime.demo.provider;

import io.github.hessiantime.demo.api.DateTimeline;
import io.github.hessiantime.demo.api.LocalDateTimeTimeline;
import io.github.hessiantime.demo.api.Order;
import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.api.SampleOrders;

import java.util.List;

/**
 * Checks that each request arrived exactly as the consumer built it and answers with the provider's own copy, so
 * values are compared after crossing the wire in both directions.
 */
public class OrderServiceImpl implements OrderService {

    @Override
    public Order place(Order order) {
        return checked(order, SampleOrders.order(order.getId()));
    }

    @Override
    public List<DateTimeline> echoDates(List<DateTimeline> page) {
        long first = page.isEmpty() ? 0 : page.get(0).getOrderId();
        return checked(page, SampleOrders.dateTimelines(first, page.size()));
    }

    @Override
    public List<LocalDateTimeTimeline> echoLocalDateTimes(List<LocalDateTimeTimeline> page) {
        long first = page.isEmpty() ? 0 : page.get(0).getOrderId();
        return checked(page, SampleOrders.localDateTimeTimelines(first, page.size()));
    }

    private static <T> T checked(T received, T expected) {
        if (!expected.equals(received)) {
            // The consumer sees this as a failed call: a value changed on its way to the provider.
            throw new IllegalArgumentException("provider received " + received + " but the consumer sent " + expected);
        }
        return expected;
    }
}
