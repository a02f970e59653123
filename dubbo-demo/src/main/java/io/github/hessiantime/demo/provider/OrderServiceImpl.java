package io.github.hessiantime.demo.provider;

import io.github.hessiantime.demo.api.Order;
import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.api.SampleOrders;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;

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
    public Page<DateRow> echoDates(Page<DateRow> page) {
        return checked(page, SampleOrders.datePage(page.getNumber()));
    }

    @Override
    public Page<LocalDateTimeRow> echoLocalDateTimes(Page<LocalDateTimeRow> page) {
        return checked(page, SampleOrders.localDateTimePage(page.getNumber()));
    }

    private static <T> T checked(T received, T expected) {
        if (!expected.equals(received)) {
            // The consumer sees this as a failed call: a value changed on its way to the provider.
            throw new IllegalArgumentException("provider received " + received + " but the consumer sent " + expected);
        }
        return expected;
    }
}
